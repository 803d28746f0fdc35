import { Extension, type AnyExtension, type Editor, type Range } from '@tiptap/core';
import Mention, { type MentionNodeAttrs } from '@tiptap/extension-mention';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion, exitSuggestion, type SuggestionOptions } from '@tiptap/suggestion';
import { EMOJI_MIN_QUERY } from '../constants.ts';
import { markdownToContent } from '../utils/markdown-to-content.ts';
import type { SuggestionBridge, SuggestionItem, SuggestionKind } from './suggestion-types.ts';

export type SuggestionSources = {
  bridge: SuggestionBridge;
  /** Read on every keystroke: the mode may change while the editor lives. */
  isNote: () => boolean;
  agents: (query: string) => Promise<SuggestionItem[]>;
  cannedResponses: (query: string) => Promise<SuggestionItem[]>;
  variables: (query: string) => SuggestionItem[];
  emoji: (query: string) => Promise<SuggestionItem[]>;
  /** Fills `{{variables}}` of a canned response as it is inserted. */
  fillVariables: (text: string) => string;
};

export const suggestionKeys: Record<SuggestionKind, PluginKey> = {
  mention: new PluginKey('replyMention'),
  canned: new PluginKey('replyCanned'),
  variable: new PluginKey('replyVariable'),
  emoji: new PluginKey('replyEmoji'),
};

/** Closes whichever list is open (after a mode change, a list the new mode does not allow must go). */
export function closeSuggestions(editor: Editor) {
  for (const key of Object.values(suggestionKeys)) {
    if (key.getState(editor.state)?.active) exitSuggestion(editor.view, key);
  }
}

/** The plugin key and the renderer that shows `kind`'s list; `toCommand` maps a chosen row to what the plugin's command takes. */
function listOptions<Selected>(kind: SuggestionKind, sources: SuggestionSources, toCommand: (item: SuggestionItem) => Selected) {
  return {
    pluginKey: suggestionKeys[kind],
    render: () => {
      const show = (props: { items: SuggestionItem[]; command: (selected: Selected) => void }) =>
        sources.bridge.show({ kind, items: props.items, choose: (item) => props.command(toCommand(item)) });
      return {
        onStart: show,
        onUpdate: show,
        onExit: () => sources.bridge.hide(kind),
        onKeyDown: ({ event }: { event: KeyboardEvent }) => sources.bridge.keyDown(event),
      };
    },
  };
}

const asItem = (item: SuggestionItem) => item;

/** A canned response replaces `/code`: inline when it is one paragraph, as blocks when it has several. */
function insertCanned(editor: Editor, range: Range, markdown: string) {
  const blocks = markdownToContent(markdown);
  const content = blocks.length === 1 && blocks[0]!.type === 'paragraph' ? (blocks[0]!.content ?? []) : blocks;
  editor.chain().focus().insertContentAt(range, content).run();
}

/**
 * The editor's triggers (000 section 5): `@` agents in private notes only, `/` canned responses and `{{`
 * variables outside notes, `:` emoji anywhere once two characters follow it.
 */
export function replySuggestions(sources: SuggestionSources): AnyExtension[] {
  const mention = Mention.configure({
    HTMLAttributes: { class: 'reply-editor__mention' },
    // Mention's own command inserts the node and a space after it.
    suggestion: {
      char: '@',
      ...listOptions<MentionNodeAttrs>('mention', sources, (item) => ({ id: item.value, label: item.label })),
      allow: () => sources.isNote(),
      items: ({ query }) => sources.agents(query),
    } satisfies Omit<SuggestionOptions<SuggestionItem, MentionNodeAttrs>, 'editor'>,
  });

  const triggers = Extension.create({
    name: 'replyTriggers',
    addProseMirrorPlugins() {
      const editor = this.editor;
      return [
        Suggestion<SuggestionItem, SuggestionItem>({
          editor,
          char: '/',
          ...listOptions('canned', sources, asItem),
          allow: () => !sources.isNote(),
          items: ({ query }) => sources.cannedResponses(query),
          command: ({ editor: target, range, props }) => insertCanned(target, range, sources.fillVariables(props.value)),
        }),
        Suggestion<SuggestionItem, SuggestionItem>({
          editor,
          char: '{{',
          ...listOptions('variable', sources, asItem),
          allow: () => !sources.isNote(),
          items: ({ query }) => sources.variables(query),
          // The placeholder stays visible in the reply and is filled on send, as Chatwoot's Liquid does.
          command: ({ editor: target, range, props }) => target.chain().focus().insertContentAt(range, `{{${props.value}}}`).run(),
        }),
        Suggestion<SuggestionItem, SuggestionItem>({
          editor,
          char: ':',
          ...listOptions('emoji', sources, asItem),
          minQueryLength: EMOJI_MIN_QUERY,
          items: ({ query }) => sources.emoji(query),
          command: ({ editor: target, range, props }) => target.chain().focus().insertContentAt(range, props.value).run(),
        }),
      ];
    },
  });

  return [mention, triggers];
}
