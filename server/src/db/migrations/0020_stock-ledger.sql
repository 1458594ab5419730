CREATE TABLE "company_material" (
	"company_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_material_company_id_material_id_pk" PRIMARY KEY("company_id","material_id"),
	CONSTRAINT "company_material_not_negative" CHECK ("company_material"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "material_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"remark" varchar(200),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type_id" integer NOT NULL,
	"specification" varchar(100),
	"unit" varchar(10) NOT NULL,
	"list_price" integer NOT NULL,
	"low_stock" bigint DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"price" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer" varchar(100) NOT NULL,
	"report_id" integer,
	"payment_method" varchar(10) NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"refund_of_id" integer,
	"remark" varchar(200),
	"seller_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"delta" bigint NOT NULL,
	"reason" varchar(200),
	"supply_order_id" integer,
	"sale_id" integer,
	"stock_take_id" integer,
	"user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_not_zero" CHECK ("stock_movement"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_take_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_take_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"book" bigint NOT NULL,
	"counted" bigint NOT NULL,
	"reason" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "stock_take" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"user_id" integer,
	"confirm_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"confirm_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supply_order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"supplier_company_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"user_id" integer,
	"ship_user_id" integer,
	"receive_user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"ship_time" timestamp with time zone,
	"receive_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_material" ADD CONSTRAINT "company_material_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_material" ADD CONSTRAINT "company_material_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_type_id_material_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."material_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line" ADD CONSTRAINT "sale_line_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line" ADD CONSTRAINT "sale_line_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_supply_order_id_supply_order_id_fk" FOREIGN KEY ("supply_order_id") REFERENCES "public"."supply_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_stock_take_id_stock_take_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_take"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_line" ADD CONSTRAINT "stock_take_line_stock_take_id_stock_take_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_take"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_line" ADD CONSTRAINT "stock_take_line_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take" ADD CONSTRAINT "stock_take_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_order_line" ADD CONSTRAINT "supply_order_line_order_id_supply_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."supply_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_order_line" ADD CONSTRAINT "supply_order_line_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_order" ADD CONSTRAINT "supply_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_order" ADD CONSTRAINT "supply_order_supplier_company_id_company_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_material_material_idx" ON "company_material" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_type_name_unique" ON "material_type" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "material_name_spec_unique" ON "material" USING btree ("name",coalesce("specification", ''));--> statement-breakpoint
CREATE INDEX "material_type_idx" ON "material" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "sale_line_sale_idx" ON "sale_line" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_line_material_idx" ON "sale_line" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "sale_company_time_idx" ON "sale" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_refund_of_unique" ON "sale" USING btree ("refund_of_id");--> statement-breakpoint
CREATE INDEX "stock_movement_company_material_idx" ON "stock_movement" USING btree ("company_id","material_id","id");--> statement-breakpoint
CREATE INDEX "stock_movement_company_time_idx" ON "stock_movement" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "stock_movement_material_idx" ON "stock_movement" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "stock_take_line_take_idx" ON "stock_take_line" USING btree ("stock_take_id");--> statement-breakpoint
CREATE INDEX "stock_take_line_material_idx" ON "stock_take_line" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "stock_take_company_idx" ON "stock_take" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "supply_order_line_order_idx" ON "supply_order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "supply_order_line_material_idx" ON "supply_order_line" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "supply_order_company_idx" ON "supply_order" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "supply_order_supplier_idx" ON "supply_order" USING btree ("supplier_company_id","create_time");