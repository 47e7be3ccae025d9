// The picklist's status (Pending, In Progress, Picked, Cancelled; other codes as given) and an item's pick
// status ('Not started' when it has none), each with its colour.
import type { PicklistItem } from '../../../../shared/api/picklists';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { itemStatusLabel } from '../pick-rules';

const PICKLIST_TONES: Record<string, BadgeTone> = { Pending: 'warning', 'In Progress': 'info', Picked: 'success', Cancelled: 'neutral' };

export function PicklistStatusBadge({ status }: { status: string }) {
  return <Badge tone={PICKLIST_TONES[status] ?? 'neutral'}>{status}</Badge>;
}

export function ItemStatusBadge({ item }: { item: PicklistItem }) {
  const tone: BadgeTone = item.pick_status === 'complete' ? 'success' : item.pick_status === 'partial' ? 'warning' : 'neutral';
  return <Badge tone={tone}>{itemStatusLabel(item)}</Badge>;
}
