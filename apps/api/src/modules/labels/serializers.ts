import type { Label } from '@app/shared/labels';
import type { LabelRow } from './queries.ts';

export function serializeLabel(row: LabelRow): Label {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: row.color,
    show_on_sidebar: row.showOnSidebar,
  };
}
