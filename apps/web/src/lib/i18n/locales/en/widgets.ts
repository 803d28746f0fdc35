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

  'WIDGETS.CODE.COPY': 'Copy',
  'WIDGETS.CODE.COPIED': 'Copied',
  'WIDGETS.CODE.COPIED_STATUS': 'Copied to the clipboard',
  'WIDGETS.CODE.COPY_FAILED': 'Your browser did not allow copying. The code is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
  'WIDGETS.CODE.PLAYGROUND': 'Open in CodePen',
  // 000 section 3: the playground pen's default title names the chat product.
  'WIDGETS.CODE.PLAYGROUND_TITLE': 'Relay Desk chat playground',
} as const satisfies Record<string, string>;
