/** en strings of shared widgets (src/components). */
export const widgetsEn = {
  // 000 section 9: the confirmation modal's default labels.
  'WIDGETS.CONFIRM.YES': 'Yes',
  'WIDGETS.CONFIRM.NO': 'No',
  'WIDGETS.TYPED_CONFIRM.LABEL': 'Type {value} to confirm',
  'WIDGETS.TYPED_CONFIRM.MISMATCH': 'The text does not match {value}.',

  'WIDGETS.AVATAR.UPLOAD': 'Upload picture',
  'WIDGETS.AVATAR.CHANGE': 'Change picture',
  'WIDGETS.AVATAR.DELETE': 'Remove',
  'WIDGETS.AVATAR.UPLOADING': 'Uploading…',
  'WIDGETS.AVATAR.HINT': 'PNG, JPEG, GIF or WebP, up to {size} MB.',
  'WIDGETS.AVATAR.INVALID_TYPE': 'Choose a PNG, JPEG, GIF or WebP image.',
  'WIDGETS.AVATAR.TOO_LARGE': 'The image is larger than {size} MB. Choose a smaller one.',

  // 000 section 9: the phone dropdown's first entry.
  'WIDGETS.PHONE.CLEAR_SELECTION': 'Clear selection',
  'WIDGETS.PHONE.SELECT_COUNTRY': 'Select Country',
  'WIDGETS.PHONE.COUNTRY': 'Country code',
  'WIDGETS.PHONE.COUNTRY_SELECTED': 'Country code: {country} {dialCode}',
  'WIDGETS.PHONE.SEARCH': 'Search countries',
  'WIDGETS.PHONE.NO_RESULTS': 'No country matches.',

  'WIDGETS.STEPS.COMPLETED': 'completed',

  'WIDGETS.COLOUR.CHOOSE': 'Choose a colour',
  'WIDGETS.COLOUR.NONE': 'No colour',
  'WIDGETS.COLOUR.HEX': 'Hex',
  'WIDGETS.COLOUR.PRESETS': 'Preset colours',
} as const satisfies Record<string, string>;
