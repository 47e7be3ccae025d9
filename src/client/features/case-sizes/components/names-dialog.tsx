// 'View All Names': a product's S2S name and aliases, numbered, each with its type.
import { CASE_SIZE_MESSAGES, type CaseSizeRow } from '../../../../shared/api/case-sizes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { productNames } from '../case-size-edits';

/** `product` stays set while the dialog closes, so its title does not go blank during the transition. */
export function NamesDialog({ product, open, onClose }: { product: CaseSizeRow | null; open: boolean; onClose: () => void }) {
  const names = product ? productNames(product) : [];
  return (
    <Dialog
      open={open && product !== null}
      onClose={onClose}
      title={product?.productName ?? ''}
      description="S2S name and alias names"
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      {names.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">{CASE_SIZE_MESSAGES.noNames}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <th scope="col" className="w-16 py-2 pr-3">
                S No.
              </th>
              <th scope="col" className="py-2 pr-3">
                Name
              </th>
              <th scope="col" className="py-2">
                Type
              </th>
            </tr>
          </thead>
          <tbody>
            {names.map((entry, index) => (
              <tr key={`${entry.type}-${index}`} className="border-b border-slate-100 last:border-0">
                <td className="py-2.5 pr-3 text-slate-600 tabular-nums">{index + 1}</td>
                <td className="py-2.5 pr-3 font-medium text-slate-900 [overflow-wrap:anywhere]">{entry.name}</td>
                <td className="py-2.5 whitespace-nowrap text-slate-700">{entry.type}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
