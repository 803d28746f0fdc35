import { describe, expect, it } from 'vitest';
import { CONVERSATION_SIDEBAR_ITEMS } from '@app/shared/constants';
import { movePanel, normalizeOrder } from './sidebar-order.ts';

describe('sidebar panel order', () => {
  it('S0-3.14 without a saved order the panels follow the default order', () => {
    expect(normalizeOrder(undefined)).toEqual([...CONVERSATION_SIDEBAR_ITEMS]);
    expect(CONVERSATION_SIDEBAR_ITEMS).toEqual(['conversation_actions', 'macros', 'conversation_info', 'contact_attributes', 'previous_conversation', 'conversation_participants']);
  });

  it('a saved order wins; unknown names go, missing ones come last', () => {
    expect(normalizeOrder(['contact_attributes', 'nonsense', 'conversation_info', 'contact_attributes'])).toEqual([
      'contact_attributes',
      'conversation_info',
      'conversation_actions',
      'macros',
      'previous_conversation',
      'conversation_participants',
    ]);
  });

  it('moving a panel swaps it with its visible neighbour; hidden panels keep their place', () => {
    const order = normalizeOrder(undefined);
    const visible = order.filter((item) => item !== 'macros');
    expect(movePanel(order, visible, 'conversation_info', -1)).toEqual([
      'conversation_info',
      'macros',
      'conversation_actions',
      'contact_attributes',
      'previous_conversation',
      'conversation_participants',
    ]);
    expect(movePanel(order, visible, 'conversation_participants', 1)).toEqual(order);
  });
});
