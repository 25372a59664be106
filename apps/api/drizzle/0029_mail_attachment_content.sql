ALTER TABLE "mail_attachments" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD COLUMN "content" "bytea";--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_file_or_content" CHECK (("mail_attachments"."file_id" is not null and "mail_attachments"."content" is null) or ("mail_attachments"."file_id" is null and "mail_attachments"."content" is not null and "mail_attachments"."name" is not null and "mail_attachments"."mime_type" is not null));