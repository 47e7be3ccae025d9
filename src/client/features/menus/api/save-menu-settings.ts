// POST /menu/settings: merges the changed categories into the market's menu settings and answers the whole.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveMenuSettingsEndpoint, type SaveMenuSettingsBody } from '../../../../shared/api/menus';
import { callApi } from '../../../lib/api-client';
import { useCurrentMarket } from '../../../lib/market-store';
import { MENU_QUERY_KEY } from './list-menu';
import { MENU_SETTINGS_QUERY_KEY } from './get-menu-settings';

export function useSaveMenuSettings() {
  const market = useCurrentMarket();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SaveMenuSettingsBody['settings']) => callApi(saveMenuSettingsEndpoint, { body: { marketCode: market, settings }, market }),
    onSuccess: (answer) => {
      queryClient.setQueryData([MENU_SETTINGS_QUERY_KEY, market], answer.data);
      // The listing's row order follows the settings.
      void queryClient.invalidateQueries({ queryKey: [MENU_QUERY_KEY] });
    },
  });
}
