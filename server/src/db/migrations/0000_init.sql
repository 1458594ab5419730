CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"contactor" varchar(50),
	"phone" varchar(20),
	"address" varchar(200),
	"domain" varchar(63),
	"province" varchar(20),
	"city" varchar(20),
	"district" varchar(20),
	"is_create" varchar(1) DEFAULT '1' NOT NULL,
	"attachment_id" integer,
	"pic_id" integer,
	"remaining_times" integer DEFAULT 0 NOT NULL,
	"use_times" integer DEFAULT 0 NOT NULL,
	"user_amount" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" integer NOT NULL,
	"permission" varchar(40) NOT NULL,
	CONSTRAINT "role_permission_role_id_permission_pk" PRIMARY KEY("role_id","permission")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"nick_name" varchar(30) NOT NULL,
	CONSTRAINT "role_nick_name_unique" UNIQUE("nick_name")
);
--> statement-breakpoint
CREATE TABLE "user_company" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(64) NOT NULL,
	"name" varchar(50) NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer,
	"parent_id" integer,
	"is_create" integer DEFAULT 0 NOT NULL,
	"sex" varchar(4),
	"nation" varchar(20),
	"id_no" varchar(30),
	"work_unit" varchar(100),
	"job" varchar(50),
	"work_unit_and_job" varchar(150),
	"remarks" varchar(500),
	"avatar" varchar(300),
	"last_password_reset_date" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "login_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_counter" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"idle_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(20),
	CONSTRAINT "session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"path" varchar(100) NOT NULL,
	"name" varchar(60) NOT NULL,
	"component" varchar(40) NOT NULL,
	"redirect" varchar(100),
	"title" varchar(40) NOT NULL,
	"icon" varchar(40),
	"permission" varchar(40),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_company" ADD CONSTRAINT "user_company_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_company" ADD CONSTRAINT "user_company_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_token" ADD CONSTRAINT "login_token_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_domain_unique" ON "company" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "user_company_company_idx" ON "user_company" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_company_user_idx" ON "user_company" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "app_user_parent_idx" ON "app_user" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "login_failure_username_idx" ON "login_failure" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone","created_at");