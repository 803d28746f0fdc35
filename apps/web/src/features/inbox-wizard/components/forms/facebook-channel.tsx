import { useReducer, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/button.tsx';
import { FormField } from '../../../../components/form-field.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useFacebookPages, useRegisterFacebookPage } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { FACEBOOK_SCOPES, facebookFlow, selectablePages } from '../../utils/facebook-flow.ts';
import { facebookSdk } from '../../utils/facebook-sdk.ts';
import { SelectField } from '../select-field.tsx';
import { WizardForm } from '../wizard-form.tsx';

/**
 * The Facebook page flow (000 sections 2, 4, 5, 8): log in with Facebook, choose a page not connected yet,
 * name the inbox, then on to adding agents. Shown only when the installation has a Facebook app.
 */
export function FacebookChannel({ appId }: { appId: string | null }) {
  const { account } = useCurrentAccount();
  const pages = useFacebookPages(account.id);
  const register = useRegisterFacebookPage(account.id);
  const afterCreate = useAfterCreate();
  const [flow, dispatch] = useReducer(facebookFlow, { state: 'not_started' });
  const [pageId, setPageId] = useState('');
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const login = async () => {
    dispatch({ type: 'login' });
    let sdk;
    try {
      sdk = await facebookSdk.load(appId ?? '');
    } catch {
      return dispatch({ type: 'sdk_failed' });
    }
    let token: string;
    try {
      token = await facebookSdk.login(sdk, FACEBOOK_SCOPES);
    } catch (error) {
      return dispatch({ type: 'login_failed', status: (error as { status?: string }).status });
    }
    pages.mutate(token, {
      onSuccess: (data) => dispatch({ type: 'pages_loaded', pages: data.page_details, userAccessToken: data.user_access_token }),
      onError: () => dispatch({ type: 'pages_failed' }),
    });
  };

  if (flow.state === 'page_selection' || flow.state === 'creating') {
    const choices = selectablePages(flow.pages);
    const pageError = submitted && !pageId ? t('INBOX_MGMT.ADD.FB.CHOOSE_PLACEHOLDER') : undefined;
    const nameError = submitted && !name.trim() ? t('INBOX_MGMT.ADD.FB.ADD_NAME') : undefined;
    const submit = (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const page = choices.find((p) => p.id === pageId);
      if (!page || !name.trim()) return;
      dispatch({ type: 'submit' });
      register.mutate(
        { user_access_token: flow.userAccessToken, page_access_token: page.access_token, page_id: page.id, inbox_name: name.trim() },
        { onSuccess: afterCreate, onError: () => dispatch({ type: 'create_failed' }) },
      );
    };
    return (
      <WizardForm title={t('INBOX_MGMT.ADD.FB.TITLE')} onSubmit={submit} submitting={flow.state === 'creating'} alert={register.error ? register.error.message : null}>
        <SelectField
          label={t('INBOX_MGMT.ADD.FB.PAGE')}
          value={pageId}
          onChange={(event) => {
            setPageId(event.target.value);
            const page = flow.pages.find((p) => p.id === event.target.value);
            if (page && !name) setName(page.name);
          }}
          error={pageError}
          options={[
            { value: '', label: t('INBOX_MGMT.ADD.FB.CHOOSE_PAGE') },
            ...flow.pages.map((page) => ({ value: page.id, label: page.exists ? t('INBOX_MGMT.ADD.FB.PAGE_CONNECTED', { name: page.name }) : page.name, disabled: page.exists })),
          ]}
        />
        <FormField label={t('INBOX_MGMT.ADD.FB.INBOX_NAME')} value={name} onChange={(event) => setName(event.target.value)} error={nameError} />
      </WizardForm>
    );
  }

  return (
    <section className="wizard-form" aria-labelledby="facebook-title">
      <header className="wizard-form__header">
        <h2 id="facebook-title">{t('INBOX_MGMT.ADD.FB.TITLE')}</h2>
        <p className="muted">{t('INBOX_MGMT.ADD.FB.DESCRIPTION')}</p>
      </header>
      {flow.state === 'error' ? (
        <div className="notice notice--error wizard-form__alert" role="alert">
          <p>{t(flow.message)}</p>
          {flow.help ? <p>{t(flow.help)}</p> : null}
        </div>
      ) : null}
      <footer className="wizard-form__footer">
        <Button variant="primary" onClick={() => void login()} loading={flow.state === 'loading'}>
          {flow.state === 'loading' ? t('INBOX_MGMT.ADD.FB.LOADING') : flow.state === 'error' ? t('INBOX_MGMT.ADD.FB.RETRY') : t('INBOX_MGMT.ADD.FB.LOGIN')}
        </Button>
      </footer>
    </section>
  );
}
