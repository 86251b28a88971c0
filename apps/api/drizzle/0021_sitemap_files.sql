CREATE TABLE "sitemap_files" (
	"file" integer PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL,
	"body" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"entries" integer NOT NULL,
	"files" integer NOT NULL,
	"modified_at" timestamp with time zone NOT NULL
);
