// The advanced filter builder (issue 13): a generic, controlled editor of FilterQuery rows. See filter-builder.tsx.
export { FilterBuilder } from './filter-builder.tsx';
export { conversationFilterAttributes, contactFilterAttributes, customFilterAttribute, type ConversationFilterSources } from './attributes.ts';
export { checkRows, emptyRow, fromFilterQuery, hasRowErrors, rowErrorsOf, toFilterQuery } from './filter-query.ts';
export { TYPE_OPERATORS, type FilterAttribute, type FilterAttributeType, type FilterOption, type FilterRow, type FilterValue, type RowErrors } from './types.ts';
