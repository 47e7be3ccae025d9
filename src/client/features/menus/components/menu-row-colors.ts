// A batch's colours on screen, as the workbook paints them: its row colour's light fill and its category's border.
import type { MenuListingRow } from '../../../../shared/api/menus';
import { categoryBorderColor, ROW_COLORS, rowColorName } from '../../../../shared/menu-colors';
import type { RowColors } from '../../../components/ui/data-table/types';

export function menuRowColors(row: MenuListingRow): RowColors {
  const name = rowColorName(row.row_color);
  return { fill: name ? ROW_COLORS[name].fill : undefined, accent: categoryBorderColor(row.category_name) };
}
