/**
 * The contract between the conversation view and the reply editor (editor/ is built on its own; the
 * view only imports `ReplyEditor` and these types from editor/index.ts).
 */
export type EditorMode = 'reply' | 'note';

/** What the editor hands the view on send. `content` is markdown; mentions are `[@Name](mention://user/ID/Name)`. */
export type OutgoingDraft = {
  content: string;
  private: boolean;
  files: File[];
  /** A client id for optimistic rendering; the API answers it back as `echo_id`. */
  echoId: string;
};

export type ReplyEditorProps = {
  accountId: number;
  inboxId: number;
  /** The conversation's display id (drafts are kept per account and conversation in local storage). */
  conversationId: number;
  /** The inbox's channel type (`Channel::Api`, `Channel::WebWidget`, ...): decides signature flags. */
  channelType: string;
  /** Values for `{{` variables: `contact.name`, `contact.email`, `agent.name`, `conversation.id`, ... */
  variables: Record<string, string>;
  mode: EditorMode;
  onModeChange: (mode: EditorMode) => void;
  onSend: (draft: OutgoingDraft) => void;
  /** Called with 'on' while the agent types (at most every 4000 ms) and 'off' when they stop or send. */
  onTyping: (status: 'on' | 'off', isPrivate: boolean) => void;
  disabled?: boolean;
};
