CREATE TABLE "release_ledger" (
	"field_type" text NOT NULL,
	"item_id" text NOT NULL,
	"release_date" date NOT NULL,
	"schedule_time_utc" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_ledger_field_type_item_id_release_date_pk" PRIMARY KEY("field_type","item_id","release_date")
);
--> statement-breakpoint
CREATE TABLE "release_runs" (
	"schedule_time_utc" timestamp with time zone PRIMARY KEY NOT NULL,
	"release_date" date NOT NULL,
	"from_date" date NOT NULL,
	"status" text NOT NULL,
	"worker_id" text NOT NULL,
	"job_id" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
