CREATE TABLE "extraction_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"property" varchar(60) NOT NULL,
	"receipt_format_id" integer NOT NULL,
	"value_name" varchar(100),
	"value_name_regular" varchar(500),
	"value_regular" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(64),
	"error_mes" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"phone" varchar(64),
	"company_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_format" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" integer NOT NULL,
	"regular" varchar(1000) NOT NULL,
	"rankcom" integer DEFAULT 0 NOT NULL,
	"exclude_keywords" varchar(500),
	"required_fields" varchar(500),
	"description" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extraction_rule" ADD CONSTRAINT "extraction_rule_receipt_format_id_receipt_format_id_fk" FOREIGN KEY ("receipt_format_id") REFERENCES "public"."receipt_format"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extraction_rule_format_idx" ON "extraction_rule" USING btree ("receipt_format_id");--> statement-breakpoint
CREATE INDEX "log_entry_company_time_idx" ON "log_entry" USING btree ("company_id","create_time");