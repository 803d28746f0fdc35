import { t } from '../../../lib/i18n/i18n.ts';
import { useShortcutList, type ShortcutGroup } from '../../../lib/shortcuts/index.ts';
import { Modal } from '../../../components/modal.tsx';

const GROUPS: { group: ShortcutGroup; title: Parameters<typeof t>[0] }[] = [
  { group: 'general', title: 'SHORTCUTS.GROUP.GENERAL' },
  { group: 'navigation', title: 'SHORTCUTS.GROUP.NAVIGATION' },
  { group: 'conversation', title: 'SHORTCUTS.GROUP.CONVERSATION' },
];

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const keyText = (key: string) => (key === 'Mod' ? (isMac() ? '⌘' : 'Ctrl') : key === 'Alt' && isMac() ? '⌥' : key);

/** The keyboard-shortcuts list of 000 section 9, grouped; every registered shortcut appears. */
export function ShortcutsModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const shortcuts = useShortcutList();
  return (
    <Modal show={show} title={t('SHORTCUTS.TITLE')} description={t('SHORTCUTS.DESCRIPTION')} onClose={onClose}>
      <div className="shell-shortcuts">
        {GROUPS.map(({ group, title }) => {
          const list = shortcuts.filter((s) => s.group === group);
          if (list.length === 0) return null;
          return (
            <section key={group} className="shell-shortcuts__group" aria-label={t(title)}>
              <h3>{t(title)}</h3>
              <dl>
                {list.map((shortcut) => (
                  <div key={shortcut.id} className="shell-shortcuts__row">
                    <dt>{t(shortcut.label)}</dt>
                    <dd>
                      {shortcut.keys.map((key) => (
                        <kbd key={key}>{keyText(key)}</kbd>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
      </div>
    </Modal>
  );
}
