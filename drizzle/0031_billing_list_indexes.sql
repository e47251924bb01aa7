ALTER TABLE "invoices" ADD COLUMN "exchange_rate_to_eur" double precision;--> statement-breakpoint
CREATE INDEX "billing_clients_tenant_kind_name_idx" ON "billing_clients" USING btree ("tenant_id","kind","name","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_kind_idx" ON "invoices" USING btree ("tenant_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_tenant_status_due_idx" ON "invoices" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
CREATE INDEX "payments_tenant_gateway_status_created_idx" ON "payments" USING btree ("tenant_id","gateway","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);