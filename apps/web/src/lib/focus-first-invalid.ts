/**
 * After a refused submit, moves the focus to the first field the checks marked invalid, once React has drawn
 * the messages (next frame). If the person has already moved on (clicked or tabbed into a field) by then, the
 * focus stays where they put it: a late jump would send their typing into another field.
 */
export function focusFirstInvalid(container: () => ParentNode | null | undefined): void {
  const focusedAtSubmit = document.activeElement;
  requestAnimationFrame(() => {
    if (document.activeElement !== focusedAtSubmit) return;
    container()?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
