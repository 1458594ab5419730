CREATE TABLE "password_nonce" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_nonce_expires_idx" ON "password_nonce" USING btree ("expires_at");--> statement-breakpoint
DROP TABLE "login_failure";--> statement-breakpoint
CREATE TABLE "login_failure" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "storage_used" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "company" c SET "storage_used" = s.total FROM (SELECT "company_id", sum("size") AS total FROM "attachment" GROUP BY "company_id") s WHERE s."company_id" = c."id";--> statement-breakpoint
ALTER TABLE "recharge_record" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_record_request_unique" ON "recharge_record" USING btree ("request_id");--> statement-breakpoint
UPDATE "company" c SET "user_amount" = GREATEST(c."user_amount", (SELECT count(*) FROM "user_company" s WHERE s."company_id" = c."id" AND s."user_id" IS DISTINCT FROM c."main_user_id"));
