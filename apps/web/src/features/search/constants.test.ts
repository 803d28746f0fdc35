import { expect, it } from 'vitest';
import { SEARCH_ALL_PREVIEW, SEARCH_PAGE_SIZE } from '@app/shared/search';
import { ALL_PREVIEW, PAGE_SIZE } from './constants.ts';

it('the page sizes are the shared contract’s', () => {
  expect([PAGE_SIZE, ALL_PREVIEW]).toEqual([SEARCH_PAGE_SIZE, SEARCH_ALL_PREVIEW]);
});
