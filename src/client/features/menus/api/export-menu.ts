// POST /menu/export: one workbook per dispensary chain, answered as links to download.
import { useMutation } from '@tanstack/react-query';
import { menuExportEndpoint, type MenuExportBody } from '../../../../shared/api/menus';
import { callApi } from '../../../lib/api-client';
import { useCurrentMarket } from '../../../lib/market-store';

export function useExportMenu() {
  const market = useCurrentMarket();
  return useMutation({
    mutationFn: (body: MenuExportBody) => callApi(menuExportEndpoint, { body, market }),
  });
}
