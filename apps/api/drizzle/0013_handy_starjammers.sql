CREATE TABLE "release_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"field_type" text NOT NULL,
	"worker_id" text NOT NULL,
	"job_id" text,
	"item_id" text,
	"duration_ms" integer NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"message" text,
	"error" text,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedule_time_utc" timestamp with time zone,
	CONSTRAINT "release_audit_events_status_check" CHECK ("release_audit_events"."status" in ('ok', 'error', 'retry'))
);
--> statement-breakpoint
CREATE TABLE "release_audit_rollup" (
	"grain" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"field_type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"duration_hist" integer[] NOT NULL,
	CONSTRAINT "release_audit_rollup_grain_bucket_field_type_pk" PRIMARY KEY("grain","bucket","field_type")
);
--> statement-breakpoint
CREATE INDEX "release_audit_events_created_idx" ON "release_audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "release_audit_events_field_type_created_idx" ON "release_audit_events" USING btree ("field_type","created_at");