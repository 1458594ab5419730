CREATE TABLE "rsa_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"private_pem" text NOT NULL,
	"public_pem" text NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rsa_key_one_current_idx" ON "rsa_key" USING btree ("current") WHERE "rsa_key"."current";