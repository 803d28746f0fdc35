/** en strings of the application shell: sidebars, menus, banners, network notice, shortcuts. */
export const shellEn = {} as const satisfies Record<string, string>;
