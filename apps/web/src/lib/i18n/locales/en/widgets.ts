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

  // Date-range picker (000 sections 2, 4, 5, 9).
  'WIDGETS.DATE_RANGE.LABEL': 'Date range',
  'WIDGETS.DATE_RANGE.PRESETS': 'Date range presets',
  'WIDGETS.DATE_RANGE.PRESET.LAST7DAYS': 'Last 7 days',
  'WIDGETS.DATE_RANGE.PRESET.LAST30DAYS': 'Last 30 days',
  'WIDGETS.DATE_RANGE.PRESET.LAST3MONTHS': 'Last 3 months',
  'WIDGETS.DATE_RANGE.PRESET.LAST6MONTHS': 'Last 6 months',
  'WIDGETS.DATE_RANGE.PRESET.LASTYEAR': 'Last year',
  'WIDGETS.DATE_RANGE.PRESET.CUSTOM': 'Custom date range',
  'WIDGETS.DATE_RANGE.START': 'Start date',
  'WIDGETS.DATE_RANGE.END': 'End date',
  'WIDGETS.DATE_RANGE.START_CALENDAR': 'Start date calendar',
  'WIDGETS.DATE_RANGE.END_CALENDAR': 'End date calendar',
  'WIDGETS.DATE_RANGE.PREVIOUS_MONTH': 'Previous month',
  'WIDGETS.DATE_RANGE.NEXT_MONTH': 'Next month',
  'WIDGETS.DATE_RANGE.PREVIOUS_YEAR': 'Previous year',
  'WIDGETS.DATE_RANGE.NEXT_YEAR': 'Next year',
  'WIDGETS.DATE_RANGE.PREVIOUS_YEARS': 'Previous 10 years',
  'WIDGETS.DATE_RANGE.NEXT_YEARS': 'Next 10 years',
  'WIDGETS.DATE_RANGE.CHOOSE_MONTH': 'Choose a month, now {month}',
  'WIDGETS.DATE_RANGE.CHOOSE_YEAR': 'Choose a year, now {year}',
  'WIDGETS.DATE_RANGE.SELECTING_END': 'Now pick the end date.',
  'WIDGETS.DATE_RANGE.APPLY': 'Apply',
  'WIDGETS.DATE_RANGE.CANCEL': 'Cancel',
  'WIDGETS.DATE_RANGE.INVALID_FORMAT': 'Please enter the date in valid format: {format}',
  'WIDGETS.DATE_RANGE.START_AFTER_END': 'Start date must be before the end date.',
  'WIDGETS.DATE_RANGE.END_BEFORE_START': 'End date must be after the start date.',
  'WIDGETS.DATE_RANGE.INVALID_RANGE': 'Please select a valid time range',
} as const satisfies Record<string, string>;
