CREATE TABLE "practice_log" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"video_id" uuid NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_log_user_id_day_video_id_pk" PRIMARY KEY("user_id","day","video_id")
);
--> statement-breakpoint
CREATE TABLE "practice_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly_goal_minutes" integer,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"last_report_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_assignees" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "studio_assignees_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "studio_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_owner_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_assignments_playlist_key" UNIQUE("playlist_id")
);
--> statement-breakpoint
ALTER TABLE "practice_log" ADD CONSTRAINT "practice_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_log" ADD CONSTRAINT "practice_log_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD CONSTRAINT "practice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_assignees" ADD CONSTRAINT "studio_assignees_assignment_id_studio_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."studio_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_assignees" ADD CONSTRAINT "studio_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_assignments" ADD CONSTRAINT "studio_assignments_studio_owner_id_users_id_fk" FOREIGN KEY ("studio_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_assignments" ADD CONSTRAINT "studio_assignments_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_log_video_idx" ON "practice_log" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "studio_assignees_user_idx" ON "studio_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "studio_assignments_owner_idx" ON "studio_assignments" USING btree ("studio_owner_id");