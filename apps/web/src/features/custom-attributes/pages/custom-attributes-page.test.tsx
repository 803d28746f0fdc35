import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { CustomAttributesPage } from './custom-attributes-page.tsx';

const BASE = '/api/v1/accounts/7/custom_attribute_definitions';
const definition = (id: number, name: string, extra: Partial<CustomAttributeDefinition> = {}): CustomAttributeDefinition => ({
  id,
  attribute_display_name: name,
  attribute_display_type: 'text',
  attribute_description: null,
  attribute_key: name.toLowerCase().replace(/\W+/g, '_'),
  attribute_values: [],
  attribute_model: 'conversation_attribute',
  regex_pattern: null,
  regex_cue: null,
  default_value: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});
const ORDER = definition(1, 'Order number', { regex_pattern: '^ORD-\\d+$', regex_cue: 'Like ORD-1' });
const PLAN = definition(2, 'Plan', { attribute_model: 'contact_attribute', attribute_display_type: 'list', attribute_values: ['free', 'pro'] });

function openAttributes(handlers: Record<string, Reply | ((call: Call) => Reply)> = {}, path = '/app/accounts/7/settings/custom-attributes/list') {
  const server = fakeApi({
    [`GET ${BASE}?attribute_model=conversation_attribute`]: { body: [ORDER] },
    [`GET ${BASE}?attribute_model=contact_attribute`]: { body: [PLAN] },
    ...handlers,
  });
  renderAccountScreen(<CustomAttributesPage />, { path });
  return server;
}

const addDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Add custom attribute' }));
  return screen.findByRole('dialog', { name: 'Add custom attribute' });
};

describe('custom attributes settings', () => {
  it('S0-2.17 S0-3.18 lists conversation attributes, and contact attributes in the other tab', async () => {
    openAttributes();
    expect(await screen.findByRole('rowheader', { name: 'Order number' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Conversation' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('row', { name: /Order number/ })).toHaveTextContent('Pattern ^ORD-\\d+$');
    await userEvent.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByRole('rowheader', { name: 'Plan' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Plan/ })).toHaveTextContent('List2 values');
    expect(screen.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an empty tab and an error state', async () => {
    openAttributes({ [`GET ${BASE}?attribute_model=contact_attribute`]: { body: [] }, [`GET ${BASE}?attribute_model=conversation_attribute`]: { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page.');
    await userEvent.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByRole('heading', { name: 'No contact attributes yet' })).toBeInTheDocument();
  });

  it('fills the key in from the display name until it is typed by hand, and checks both on blur and submit', async () => {
    const server = openAttributes();
    const dialog = await addDialog();
    const name = within(dialog).getByLabelText('Display name');
    const key = within(dialog).getByLabelText('Key');
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Display name is required');
    await userEvent.type(name, 'Renewal Date');
    expect(key).toHaveValue('renewal_date');
    await userEvent.clear(key);
    await userEvent.type(key, '9lives');
    await userEvent.type(name, 's');
    expect(key).toHaveValue('9lives');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(key).toHaveAccessibleDescription('Key must start with a letter and use only lowercase letters, numbers and underscores');
    expect(server.called(`POST ${BASE}`)).toHaveLength(0);
  });

  it('a list needs values; a text pattern must compile; then it creates the attribute for the open tab', async () => {
    const server = openAttributes(
      {
        [`POST ${BASE}`]: (call) => ({ body: definition(9, 'Tier', { ...(call.body as { custom_attribute_definition: object }).custom_attribute_definition }) }),
      },
      '/app/accounts/7/settings/custom-attributes/list?tab=contact',
    );
    const dialog = await addDialog();
    expect(within(dialog).getByLabelText('Applies to')).toHaveValue('contact_attribute');
    await userEvent.type(within(dialog).getByLabelText('Display name'), 'Tier');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Validate with a pattern' }));
    await userEvent.type(within(dialog).getByLabelText('Pattern (regular expression)'), '[[oops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText('Pattern (regular expression)')).toHaveAccessibleDescription('This is not a valid regular expression');

    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'list');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const values = within(dialog).getByLabelText('List values');
    expect(values).toHaveAccessibleDescription('Add at least one value to the list');
    await userEvent.type(values, 'gold{Enter}silver,gold{Enter}');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['gold×', 'silver×']);
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Loyalty tier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Custom attribute added successfully')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}`)[0]!.body).toEqual({
      custom_attribute_definition: {
        attribute_display_name: 'Tier',
        attribute_display_type: 'list',
        attribute_description: 'Loyalty tier',
        attribute_key: 'tier',
        attribute_model: 'contact_attribute',
        attribute_values: ['gold', 'silver'],
        regex_pattern: null,
        regex_cue: null,
      },
    });
  });

  it('shows a taken key under its field', async () => {
    openAttributes({
      [`POST ${BASE}`]: { status: 422, body: { message: 'Attribute key has already been taken', attributes: ['attribute_key'], errors: { attribute_key: ['has already been taken'] } } },
    });
    const dialog = await addDialog();
    await userEvent.type(within(dialog).getByLabelText('Display name'), 'Order number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Key')).toHaveAccessibleDescription('Key has already been taken'));
  });

  it('edits without sending key or model (the key is read-only), and deletes after typing the name', async () => {
    const server = openAttributes({
      [`PATCH ${BASE}/1`]: { body: ORDER },
      [`DELETE ${BASE}/1`]: { status: 200 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit attribute Order number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit custom attribute' });
    expect(within(dialog).getByLabelText('Key')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Applies to')).toBeDisabled();
    expect(within(dialog).getByLabelText('Pattern (regular expression)')).toHaveValue('^ORD-\\d+$');
    await userEvent.type(within(dialog).getByLabelText('Display name'), ' (ERP)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Custom attribute updated successfully')).toBeInTheDocument();
    const body = (server.called(`PATCH ${BASE}/1`)[0]!.body as { custom_attribute_definition: Record<string, unknown> }).custom_attribute_definition;
    expect(body).toMatchObject({ attribute_display_name: 'Order number (ERP)', regex_pattern: '^ORD-\\d+$', regex_cue: 'Like ORD-1' });
    expect(body).not.toHaveProperty('attribute_key');
    expect(body).not.toHaveProperty('attribute_model');

    await userEvent.click(screen.getByRole('button', { name: 'Delete attribute Order number' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the attribute “Order number”?' });
    const remove = within(confirm).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await userEvent.type(within(confirm).getByLabelText('Type Order number to confirm'), 'Order number');
    await userEvent.click(remove);
    expect(await screen.findByText('Custom attribute deleted successfully')).toBeInTheDocument();
    expect(server.called(`DELETE ${BASE}/1`)).toHaveLength(1);
  });
});
