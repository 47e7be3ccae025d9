-- A reconciliation page shows each batch's open orders, read when the page is asked for: the batch's order lines
-- come from one covering index (no visit to each line's row), and each line's order is looked up in an index of
-- open orders only, where the closed ones most lines belong to are not found at once.
DROP INDEX "order_items_batch_id_index";--> statement-breakpoint
CREATE INDEX "order_items_batch_lines_idx" ON "order_items" USING btree ("batch_id","order_id","id","case_size","no_of_cases");--> statement-breakpoint
CREATE INDEX "orders_stock_holding_idx" ON "orders" USING btree ("id") WHERE status in ('Pending', 'Revised', 'Approved', 'Partially Picked', 'Picked', 'Packaged', 'Action Required');