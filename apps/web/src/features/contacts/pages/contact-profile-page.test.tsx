import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { customRole, makeAccount } from '../../../test/fixtures.ts';
import { contactKeys } from '../api.ts';
import { ACCOUNT, at, makeContact, makeDefinition, makeNote, openProfile, screenPath } from '../testing/contacts-testing.tsx';

const ann = makeContact(1, { name: 'Ann Lee', email: 'ann@example.com', additional_attributes: { company_name: 'Acme', city: 'Paris' }, custom_attributes: { plan: 'pro' } });
const labels = [
  { id: 1, title: 'vip', description: null, color: '#ff0000', show_on_sidebar: true },
  { id: 2, title: 'billing', description: null, color: '#00ff00', show_on_sidebar: true },
];

describe('contact profile', () => {
  it('S1-2.72 S1-7.58 shows the contact with details and the conversations linking to them', async () => {
    openProfile(ann, {
      [`GET ${at('contacts/1/conversations')}`]: { body: { payload: [{ id: 77, inbox_id: 3, status: 'open', last_activity_at: 1_764_000_000, messages: [{ content: 'Where is my order?' }] }] } },
    });
    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Acme');
    const link = await screen.findByRole('link', { name: /Conversation #77/ });
    expect(link).toHaveAttribute('href', screenPath('conversations/77'));
    expect(within(link).getByText('Where is my order?')).toBeInTheDocument();
  });

  it('S1-5.46 S1-8.14 S1-8.15 saves the changed details (phone through the phone input) and puts each 422 message under its field', async () => {
    let reply: 'invalid' | 'server' | 'ok' = 'invalid';
    const { server } = openProfile(ann, {
      [`PATCH ${at('contacts/1')}`]: (call) =>
        reply === 'invalid'
          ? { status: 422, body: { message: 'Email has already been taken', errors: { email: ['has already been taken'], phone_number: ['must be in E.164 format (+ followed by up to 15 digits)'] } } }
          : reply === 'server'
            ? { status: 409, body: { message: 'The contact changed meanwhile' } }
            : { body: { payload: { ...ann, ...(call.body as object), additional_attributes: ann.additional_attributes } } },
    });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone number' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Email has already been taken')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be in E.164 format (+ followed by up to 15 digits)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.called(`PATCH ${at('contacts/1')}`)[0]!.body).toEqual({ email: 'taken@example.com', phone_number: '12' });

    reply = 'server';
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The contact changed meanwhile');

    reply = 'ok';
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone number' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Contact saved.')).toBeInTheDocument();
    expect(server.called(`PATCH ${at('contacts/1')}`)[2]!.body).toEqual({ email: 'taken@example.com' });
  });

  it('S1-8.16 a duplicate email offers to merge with the contact that holds it', async () => {
    const other = makeContact(2, { name: 'Ann Work', email: 'ann@work.example' });
    openProfile(ann, {
      [`PATCH ${at('contacts/1')}`]: { status: 422, body: { message: 'Email has already been taken', errors: { email: ['has already been taken'] } } },
      [`GET ${at('contacts/search?page=1&sort=name&include_contact_inboxes=false&q=ann%40work.example')}`]: { body: { meta: { count: 1, current_page: 1 }, payload: [other] } },
      [`GET ${at('contacts/2/labels')}`]: { body: { payload: [] } },
    });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'ann@work.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Another contact already has ann@work.example.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Merge with it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge contacts' });
    expect(within(dialog).getByRole('searchbox', { name: 'Find the duplicate' })).toHaveValue('ann@work.example');
    expect(await within(dialog).findByRole('button', { name: 'Choose Ann Work' })).toBeInTheDocument();
  });

  it('S1-7.65 lists the notes newest first, adds one and deletes one after confirming', async () => {
    const { server } = openProfile(ann, {
      [`GET ${at('contacts/1/notes')}`]: { body: [makeNote(2, { content: 'Prefers email' }), makeNote(1, { content: 'Called on Monday', user: { id: 5, name: 'Sam', email: 's@example.com', thumbnail: '' } })] },
      [`POST ${at('contacts/1/notes')}`]: (call) => ({ body: makeNote(3, { content: (call.body as { content: string }).content }) }),
      [`DELETE ${at('contacts/1/notes/2')}`]: { body: {} },
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('p')!.textContent)).toEqual(['Prefers email', 'Called on Monday']);
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write the note first')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a note' }), 'VIP since 2024');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('VIP since 2024'));
    expect(server.called(`POST ${at('contacts/1/notes')}`)[0]!.body).toEqual({ content: 'VIP since 2024' });
    // An administrator may delete every note.
    const second = within(list).getAllByRole('listitem')[1]!;
    await userEvent.click(within(second).getByRole('button', { name: 'Delete note' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(list).queryByText('Prefers email')).toBeNull());
    expect(server.called(`DELETE ${at('contacts/1/notes/2')}`)).toHaveLength(1);
  });

  it('an agent deletes only their own notes', async () => {
    openProfile(
      ann,
      { [`GET ${at('contacts/1/notes')}`]: { body: [makeNote(2, { content: 'Mine' }), makeNote(1, { content: 'Theirs', user: { id: 5, name: 'Sam', email: 's@example.com', thumbnail: '' } })] } },
      { account: makeAccount(ACCOUNT, 'agent') },
    );
    const items = within(await screen.findByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Delete note' })).toBeNull();
  });

  it('S1-7.60 adds and removes labels, sending the whole set each time', async () => {
    const { server } = openProfile(ann, {
      [`GET ${at('labels')}`]: { body: { payload: labels } },
      [`GET ${at('contacts/1/labels')}`]: { body: { payload: ['billing'] } },
      [`POST ${at('contacts/1/labels')}`]: (call) => ({ body: { payload: (call.body as { labels: string[] }).labels } }),
    });
    const list = await screen.findByRole('list', { name: 'Labels' });
    expect(within(list).getByText('billing')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Label to add' }), 'vip');
    await userEvent.click(screen.getByRole('button', { name: 'Add a label' }));
    await waitFor(() => expect(within(list).getByText('vip')).toBeInTheDocument());
    expect(server.called(`POST ${at('contacts/1/labels')}`)[0]!.body).toEqual({ labels: ['billing', 'vip'] });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove label billing' }));
    await waitFor(() => expect(within(list).queryByText('billing')).toBeNull());
    expect(server.called(`POST ${at('contacts/1/labels')}`)[1]!.body).toEqual({ labels: ['vip'] });
  });

  it('S1-7.62 edits a custom attribute and removes one through destroy_custom_attributes', async () => {
    const { server } = openProfile(ann, {
      [`GET ${at('custom_attribute_definitions?attribute_model=contact_attribute')}`]: { body: [makeDefinition('plan', { attribute_display_name: 'Plan', attribute_display_type: 'list', attribute_values: ['free', 'pro', 'enterprise'] }), makeDefinition('seats', { attribute_display_name: 'Seats', attribute_display_type: 'number' })] },
      [`PATCH ${at('contacts/1')}`]: { body: { payload: { ...ann, custom_attributes: { plan: 'pro', seats: 12 } } } },
      [`POST ${at('contacts/1/destroy_custom_attributes')}`]: { body: { payload: { ...ann, custom_attributes: {} } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Seats' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Edit Seats' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(server.called(`PATCH ${at('contacts/1')}`)[0]!.body).toEqual({ custom_attributes: { seats: 12 } });
    await userEvent.click(screen.getByRole('button', { name: 'Remove the value of Plan' }));
    await waitFor(() => expect(server.called(`POST ${at('contacts/1/destroy_custom_attributes')}`)).toHaveLength(1));
    expect(server.called(`POST ${at('contacts/1/destroy_custom_attributes')}`)[0]!.body).toEqual({ custom_attributes: ['plan'] });
  });

  it('S1-7.66 merges a duplicate after a preview of the merged contact', async () => {
    const duplicate = makeContact(2, { name: 'A. Lee', email: 'ann.lee@work.example', phone_number: '+14155550100', additional_attributes: { city: 'Lyon', country: 'France' } });
    const { server } = openProfile(ann, {
      [`GET ${at('contacts/search?page=1&sort=name&include_contact_inboxes=false&q=lee')}`]: { body: { meta: { count: 2, current_page: 1 }, payload: [ann, duplicate] } },
      [`GET ${at('contacts/1/labels')}`]: { body: { payload: ['billing'] } },
      [`GET ${at('contacts/2/labels')}`]: { body: { payload: ['vip'] } },
      [`POST ${at('actions/contact_merge')}`]: { body: { ...ann, phone_number: '+14155550100' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge contacts' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Find the duplicate' }), 'lee');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose A. Lee' }));
    // The contact itself is never offered.
    expect(within(dialog).queryByRole('button', { name: 'Choose Ann Lee' })).toBeNull();
    const preview = within(dialog).getByRole('region', { name: 'The contact after the merge' });
    // The base keeps its email and city; the duplicate fills the phone number and the country; labels are joined.
    await waitFor(() => expect(within(preview).getByText('billing, vip')).toBeInTheDocument());
    for (const text of ['Ann Lee', 'ann@example.com', '+14155550100', 'Paris', 'France', 'pro']) expect(within(preview).getByText(text)).toBeInTheDocument();
    expect(within(preview).queryByText('Lyon')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge contacts' }));
    expect(await screen.findByText('A. Lee was merged into Ann Lee.')).toBeInTheDocument();
    expect(server.called(`POST ${at('actions/contact_merge')}`)[0]!.body).toEqual({ base_contact_id: 1, mergee_contact_id: 2 });
  });

  it('the merge can keep the other contact instead: the preview and the request follow', async () => {
    const duplicate = makeContact(2, { name: 'A. Lee', email: 'ann.lee@work.example' });
    const { server, router } = openProfile(ann, {
      [`GET ${at('contacts/search?page=1&sort=name&include_contact_inboxes=false&q=lee')}`]: { body: { meta: { count: 1, current_page: 1 }, payload: [duplicate] } },
      [`GET ${at('contacts/2/labels')}`]: { body: { payload: [] } },
      [`POST ${at('actions/contact_merge')}`]: { body: duplicate },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge contacts' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Find the duplicate' }), 'lee');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose A. Lee' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Keep the other one instead/ }));
    expect(within(within(dialog).getByRole('region', { name: 'The contact after the merge' })).getByText('ann.lee@work.example')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge contacts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('contacts/2')));
    expect(server.called(`POST ${at('actions/contact_merge')}`)[0]!.body).toEqual({ base_contact_id: 2, mergee_contact_id: 1 });
  });

  it('S1-7.63 uploads a picture (multipart avatar) and removes it (DELETE contacts/{id}/avatar)', async () => {
    URL.createObjectURL = () => 'blob:preview-1';
    URL.revokeObjectURL = () => {};
    const withPicture = { ...ann, thumbnail: '/uploads/ann.png' };
    const { server } = openProfile(ann, {
      [`PATCH ${at('contacts/1')}`]: { body: { payload: withPicture } },
      [`DELETE ${at('contacts/1/avatar')}`]: { body: { payload: ann } },
    });
    const input = await screen.findByLabelText<HTMLInputElement>('Picture', { selector: 'input' });
    await userEvent.upload(input, new File(['png'], 'ann.png', { type: 'image/png' }));
    expect(await screen.findByText('Picture updated.')).toBeInTheDocument();
    const sent = server.called(`PATCH ${at('contacts/1')}`)[0]!;
    expect((sent.form!.get('avatar') as File).name).toBe('ann.png');
    await userEvent.click(within(screen.getByRole('group', { name: 'Picture' })).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove the picture?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.called(`DELETE ${at('contacts/1/avatar')}`)).toHaveLength(1));
  });

  it('an administrator deletes the contact after confirming and goes back to the list', async () => {
    const { server, router } = openProfile(ann, { [`DELETE ${at('contacts/1')}`]: { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete contact' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('contacts')));
    expect(server.called(`DELETE ${at('contacts/1')}`)).toHaveLength(1);
  });

  it('S1-2.73 delete is hidden from agents (access table), shown to the contact_manage role; agents still merge', async () => {
    openProfile(ann, {}, { account: makeAccount(ACCOUNT, 'agent') });
    expect(await screen.findByRole('button', { name: 'Merge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete contact' })).toBeNull();
  });

  it('the contact_manage custom role may delete', async () => {
    openProfile(ann, {}, { account: makeAccount(ACCOUNT, 'agent', { custom_role: customRole(['contact_manage']) }) });
    expect(await screen.findByRole('button', { name: 'Delete contact' })).toBeInTheDocument();
  });

  it('an unknown contact says so', async () => {
    openProfile(makeContact(5), { [`GET ${at('contacts/5')}`]: { status: 404, body: { error: 'Resource could not be found' } } });
    expect(await screen.findByText('This contact does not exist (any more).')).toBeInTheDocument();
  });
});

describe('contact profile updates', () => {
  it('an untouched details form follows the contact when it changes on the server (a merge, an event)', async () => {
    const { client } = openProfile(ann);
    expect(await screen.findByRole('textbox', { name: 'Company' })).toHaveValue('Acme');
    act(() => client.setQueryData(contactKeys.detail(ACCOUNT, 1), { ...ann, additional_attributes: { company_name: 'Northwind' } }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Northwind'));
    // With an edit under way the form keeps it.
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'x');
    act(() => client.setQueryData(contactKeys.detail(ACCOUNT, 1), { ...ann, additional_attributes: { company_name: 'Globex' } }));
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Northwind');
  });
});
