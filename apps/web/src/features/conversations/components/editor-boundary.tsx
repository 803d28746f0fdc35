import { Component, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';

type Props = { children: ReactNode };
type State = { failed: boolean };

/** Keeps a failing editor from taking the whole workspace down: the messages stay, the editor can be restarted. */
export class EditorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="cw-reply__failed" role="alert">
        <span>{t('CONVERSATION.REPLY.EDITOR_FAILED')}</span>
        <Button size="small" onClick={() => this.setState({ failed: false })}>
          {t('CHAT_LIST.RETRY')}
        </Button>
      </div>
    );
  }
}
