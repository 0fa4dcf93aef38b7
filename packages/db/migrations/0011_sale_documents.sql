CREATE TABLE "sale_documents" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_documents" ADD CONSTRAINT "sale_documents_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;