// The tags popup of a batch on Import Results: each tag the import found with its quantity.
import { IMPORT_MESSAGES } from '../../../../shared/api/inventory-import';
import type { ImportTab } from '../../../../shared/enums';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { useBatchTags } from '../api/list-batch-tags';

type Props = { batch: { batchId: string; importId: string; tab: ImportTab } | null; onClose: () => void };

export function BatchTagsDialog({ batch, onClose }: Props) {
  const tags = useBatchTags(batch);
  return (
    <Dialog open={batch !== null} onClose={onClose} title={`Tags of batch ${batch?.batchId ?? ''}`} size="sm" footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      {tags.isPending ? (
        <LoadingMessage messages="Loading tags..." />
      ) : tags.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {IMPORT_MESSAGES.fetchTagsFailed}
        </p>
      ) : tags.data.length === 0 ? (
        <p className="text-sm text-slate-600">{IMPORT_MESSAGES.noTags}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{`Tags of batch ${batch?.batchId ?? ''}`}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Tag #
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Qty
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tags.data.map((tag) => (
              <tr key={tag.tag_number}>
                <td className="py-2 pr-3 font-mono text-slate-900">{tag.tag_number}</td>
                <td className="py-2 text-right text-slate-900 tabular-nums">{tag.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
