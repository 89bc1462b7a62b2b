CREATE TABLE "search_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"market" text NOT NULL,
	"results" integer NOT NULL,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"term" text NOT NULL,
	"synonyms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_queries_created_idx" ON "search_queries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_language_term_key" ON "search_synonyms" USING btree ("language","term");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- A synonym change changes search results: it moves the catalogue revision like a product change.
CREATE TRIGGER "search_synonyms_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "search_words_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_words"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
-- The obvious synonyms per language; the operator manages them with `pitchside synonyms`.
INSERT INTO "search_synonyms" ("language", "term", "synonyms") VALUES
  ('en', 'cleats', '{boots}'), ('en', 'soccer', '{football}'), ('en', 'goalie', '{goalkeeper}'),
  ('en', 'jersey', '{shirt}'), ('en', 'shinpads', '{shin,guards}'), ('en', 'trainers', '{sneakers}'),
  ('da', 'keeper', '{målmand}'), ('da', 'keeperhandsker', '{målmandshandsker}'), ('da', 'sokker', '{strømper}'),
  ('da', 'spillertrøje', '{trøje}'), ('da', 'benskinner', '{benskinne}'),
  ('sv', 'keeper', '{målvakt}'), ('sv', 'dobbskor', '{fotbollsskor}'), ('sv', 'sockor', '{strumpor}'),
  ('nb', 'målvakt', '{keeper}'), ('nb', 'trøye', '{drakt}'), ('nb', 'sokker', '{strømper}'),
  ('fi', 'nappikset', '{jalkapallokengät}'), ('fi', 'maalivahti', '{maalivahdin}'),
  ('de', 'keeper', '{torwart}'), ('de', 'stollenschuhe', '{fußballschuhe}'), ('de', 'fussball', '{fußball}'),
  ('de', 'socken', '{stutzen}'), ('de', 'schienbeinschützer', '{schienbeinschoner}'),
  ('nl', 'doelman', '{keeper}'), ('nl', 'kicksen', '{voetbalschoenen}'), ('nl', 'noppen', '{voetbalschoenen}'),
  ('fr', 'goal', '{gardien}'), ('fr', 'crampons', '{chaussures}'), ('fr', 'foot', '{football}'),
  ('pl', 'korki', '{buty}'), ('pl', 'lanki', '{buty}'), ('pl', 'bramkarz', '{bramkarskie}');
