ALTER TABLE "session_recordings" ADD COLUMN "egress_id" text;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "session_recordings_egress_uq" ON "session_recordings" USING btree ("tenant_id","egress_id");