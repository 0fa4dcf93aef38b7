CREATE TABLE "login_known_clients" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_clients_user_id_kind_fingerprint_pk" PRIMARY KEY("user_id","kind","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "login_known_clients" ADD CONSTRAINT "login_known_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;