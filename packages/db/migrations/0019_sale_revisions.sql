CREATE TABLE "sale_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"comment" text,
	"source" text NOT NULL,
	"sent_to_erp" boolean DEFAULT false NOT NULL,
	"sale_version" integer NOT NULL,
	"total_price" numeric(16, 2) NOT NULL,
	"margin_percent" text NOT NULL,
	"line_count" integer NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_revisions" ADD CONSTRAINT "sale_revisions_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_revisions_sale_number_key" ON "sale_revisions" USING btree ("sale_id","number");--> statement-breakpoint
-- Already gzip-compressed: stored out of line as it is, never compressed again.
ALTER TABLE "sale_revisions" ALTER COLUMN "content" SET STORAGE EXTERNAL;
