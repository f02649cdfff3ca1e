-- A store made by main at 940033b (before RULES-KOENIGRUFEN.md §14), sqlite3 .dump: a 'tirol' partie
-- (Besserrufer with a Quapil, card points 50; a Dreier with 60) and a 'tirol' tournament whose round 1 table
-- played a Besserrufer with a Quapil. Made by scorer.store/scorer.tournament.store as they were then.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE IF NOT EXISTS "_sqlite_migrations" (
   "id" INTEGER PRIMARY KEY,
   "migration_set" TEXT,
   "name" TEXT,
   "applied_at" TEXT
);
INSERT INTO _sqlite_migrations VALUES(1,'scorer','m001_parties_and_deals','2026-11-28 21:14:13.508457+00:00');
INSERT INTO _sqlite_migrations VALUES(2,'scorer','m002_submission_deal','2026-11-28 21:14:13.510173+00:00');
INSERT INTO _sqlite_migrations VALUES(3,'scorer','m003_runden','2026-11-28 21:14:13.513068+00:00');
INSERT INTO _sqlite_migrations VALUES(4,'scorer','m004_member_keys','2026-11-28 21:14:13.514624+00:00');
INSERT INTO _sqlite_migrations VALUES(5,'scorer','m005_at_the_end','2026-11-28 21:14:13.515967+00:00');
INSERT INTO _sqlite_migrations VALUES(6,'scorer','m006_runde_follows_its_parties','2026-11-28 21:14:13.518096+00:00');
INSERT INTO _sqlite_migrations VALUES(7,'scorer','m007_runde_follows_leaving_parties','2026-11-28 21:14:13.520290+00:00');
INSERT INTO _sqlite_migrations VALUES(8,'scorer','m008_deal_ids_never_reused','2026-11-28 21:14:13.526367+00:00');
INSERT INTO _sqlite_migrations VALUES(9,'scorer','m009_tournaments','2026-11-28 21:14:13.532288+00:00');
INSERT INTO _sqlite_migrations VALUES(10,'scorer','m010_cups','2026-11-28 21:14:13.535740+00:00');
CREATE TABLE IF NOT EXISTS "parties" (
   "id" TEXT PRIMARY KEY,
   "game" TEXT NOT NULL,
   "players" TEXT NOT NULL,
   "rules" TEXT NOT NULL,
   "first_dealer" INTEGER NOT NULL,
   "version" INTEGER NOT NULL,
   "created" TEXT NOT NULL,
   "updated" TEXT NOT NULL,
   "ended" TEXT
, "at_the_end" TEXT);
INSERT INTO parties VALUES('EAK3j1WfpVbEKaDFJAfaUw','koenigrufen','["Anna", "Bernd", "Cilli", "Dora"]','{"preset": "tirol", "stake": "0.10", "max_kontra": 8, "kontra_in_schrift": false, "doubled_radl": [], "misdeal_penalty": 0, "trischaken_payout": "pairs", "jungfrauen": "share"}',3,1,'2026-11-28T21:14:13+00:00','2026-11-28T21:14:13+00:00',NULL,NULL);
INSERT INTO parties VALUES('vudaSLgBSDo0hX-8q1HpWw','koenigrufen','["Anna", "Bernd", "Dora", "Cilli"]','{"preset": "tirol", "stake": "0.10", "max_kontra": 8, "kontra_in_schrift": false, "doubled_radl": [], "misdeal_penalty": 0, "trischaken_payout": "pairs", "jungfrauen": "share"}',0,2,'2026-11-28T21:14:13+00:00','2026-11-28T21:14:13+00:00',NULL,NULL);
CREATE TABLE IF NOT EXISTS "history" (
   "id" INTEGER PRIMARY KEY,
   "partie_id" TEXT NOT NULL REFERENCES "parties"("id"),
   "at" TEXT NOT NULL,
   "action" TEXT NOT NULL,
   "number" INTEGER,
   "detail" TEXT
);
INSERT INTO history VALUES(1,'EAK3j1WfpVbEKaDFJAfaUw','2026-11-28T21:14:13+00:00','created',NULL,'{"deals": 2}');
INSERT INTO history VALUES(2,'vudaSLgBSDo0hX-8q1HpWw','2026-11-28T21:14:13+00:00','created',NULL,NULL);
INSERT INTO history VALUES(3,'vudaSLgBSDo0hX-8q1HpWw','2026-11-28T21:14:13+00:00','recorded',1,'{"after": {"type": "game", "dealer": 0, "contract": "besserrufer", "declarer": 1, "partner": 2, "won": true, "premiums": [{"premium": "quapil", "side": "declarer", "announced": true, "made": true}]}}');
CREATE TABLE IF NOT EXISTS "submissions" (
   "key" TEXT PRIMARY KEY,
   "partie_id" TEXT NOT NULL REFERENCES "parties"("id"),
   "at" TEXT NOT NULL
, "deal_id" INTEGER, "number" INTEGER);
CREATE TABLE IF NOT EXISTS "runden" (
   "id" TEXT PRIMARY KEY,
   "name" TEXT NOT NULL,
   "game" TEXT NOT NULL,
   "preset" TEXT NOT NULL,
   "settles" TEXT NOT NULL,
   "created" TEXT NOT NULL,
   "version" INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS "members" (
   "id" INTEGER PRIMARY KEY,
   "runde_id" TEXT NOT NULL REFERENCES "runden"("id"),
   "name" TEXT NOT NULL,
   "folded" TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS "runde_parties" (
   "partie_id" TEXT PRIMARY KEY REFERENCES "parties"("id"),
   "runde_id" TEXT NOT NULL REFERENCES "runden"("id"),
   "members" TEXT NOT NULL,
   "settled" TEXT
);
CREATE TABLE IF NOT EXISTS "runde_summaries" (
   "partie_id" TEXT PRIMARY KEY REFERENCES "parties"("id"),
   "version" INTEGER NOT NULL,
   "made_by" TEXT NOT NULL,
   "summary" TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS "deals" (
            id integer primary key autoincrement,
            partie_id text not null references parties(id),
            position integer not null,
            deal text not null,
            created text not null,
            updated text not null
        );
INSERT INTO deals VALUES(1,'EAK3j1WfpVbEKaDFJAfaUw',0,'{"type": "game", "dealer": 3, "contract": "besserrufer", "declarer": 0, "partner": 2, "card_points": 50, "premiums": [{"premium": "quapil", "side": "declarer", "announced": true, "made": true}]}','2026-11-28T21:14:13+00:00','2026-11-28T21:14:13+00:00');
INSERT INTO deals VALUES(2,'EAK3j1WfpVbEKaDFJAfaUw',1,'{"type": "game", "dealer": 0, "contract": "dreier", "declarer": 1, "card_points": 60}','2026-11-28T21:14:13+00:00','2026-11-28T21:14:13+00:00');
INSERT INTO deals VALUES(3,'vudaSLgBSDo0hX-8q1HpWw',0,'{"type": "game", "dealer": 0, "contract": "besserrufer", "declarer": 1, "partner": 2, "won": true, "premiums": [{"premium": "quapil", "side": "declarer", "announced": true, "made": true}]}','2026-11-28T21:14:13+00:00','2026-11-28T21:14:13+00:00');
CREATE TABLE IF NOT EXISTS "tournaments" (
   "id" TEXT PRIMARY KEY,
   "public_id" TEXT NOT NULL,
   "name" TEXT NOT NULL,
   "game" TEXT NOT NULL,
   "rules" TEXT NOT NULL,
   "scoring" TEXT NOT NULL,
   "created" TEXT NOT NULL,
   "version" INTEGER NOT NULL
);
INSERT INTO tournaments VALUES('9XXe1sNYEVrnha187cFtug','slgThIw2BuVRKT2zgAMxAw','Hopfgarten 2026','koenigrufen','{"preset": "tirol", "stake": "0.10", "max_kontra": 8, "kontra_in_schrift": false, "doubled_radl": [], "misdeal_penalty": 0, "trischaken_payout": "pairs", "jungfrauen": "share"}','{"total": "schrift+rank"}','2026-11-28T21:14:13+00:00',4);
CREATE TABLE IF NOT EXISTS "tournament_players" (
   "tournament_id" TEXT REFERENCES "tournaments"("id"),
   "number" INTEGER,
   "name" TEXT NOT NULL,
   "folded" TEXT NOT NULL,
   "withdrawn" INTEGER NOT NULL,
   PRIMARY KEY ("tournament_id", "number")
);
INSERT INTO tournament_players VALUES('9XXe1sNYEVrnha187cFtug',0,'Anna','anna',0);
INSERT INTO tournament_players VALUES('9XXe1sNYEVrnha187cFtug',1,'Bernd','bernd',0);
INSERT INTO tournament_players VALUES('9XXe1sNYEVrnha187cFtug',2,'Cilli','cilli',0);
INSERT INTO tournament_players VALUES('9XXe1sNYEVrnha187cFtug',3,'Dora','dora',0);
CREATE TABLE IF NOT EXISTS "tournament_rounds" (
   "tournament_id" TEXT REFERENCES "tournaments"("id"),
   "number" INTEGER,
   "seed" INTEGER NOT NULL,
   "present" TEXT,
   "tables" TEXT,
   "out" TEXT,
   "started" TEXT,
   "ended" TEXT,
   PRIMARY KEY ("tournament_id", "number")
);
INSERT INTO tournament_rounds VALUES('9XXe1sNYEVrnha187cFtug',1,5,'[0, 1, 2, 3]','[[0, 1, 3, 2]]','[]','2026-11-28T21:14:13+00:00',NULL);
CREATE TABLE IF NOT EXISTS "tournament_tables" (
   "partie_id" TEXT PRIMARY KEY REFERENCES "parties"("id"),
   "tournament_id" TEXT NOT NULL REFERENCES "tournaments"("id"),
   "round" INTEGER NOT NULL,
   "number" INTEGER NOT NULL
);
INSERT INTO tournament_tables VALUES('vudaSLgBSDo0hX-8q1HpWw','9XXe1sNYEVrnha187cFtug',1,1);
CREATE TABLE IF NOT EXISTS "cups" (
   "id" TEXT PRIMARY KEY,
   "public_id" TEXT NOT NULL,
   "name" TEXT NOT NULL,
   "options" TEXT NOT NULL,
   "created" TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS "cup_tournaments" (
   "cup_id" TEXT REFERENCES "cups"("id"),
   "tournament_id" TEXT REFERENCES "tournaments"("id"),
   "number" INTEGER NOT NULL,
   PRIMARY KEY ("cup_id", "tournament_id")
);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('deals',3);
CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"
    ON "_sqlite_migrations" ("migration_set", "name");
CREATE INDEX "idx_history_partie_id_id"
    ON "history" ("partie_id", "id");
CREATE UNIQUE INDEX "idx_members_runde_id_folded"
    ON "members" ("runde_id", "folded");
CREATE INDEX "idx_runde_parties_runde_id"
    ON "runde_parties" ("runde_id");
CREATE TRIGGER runde_partie_changed after update of version on parties
        when exists (select 1 from runde_parties where partie_id = new.id)
        begin
            update runden set version = version + 1
            where id = (select runde_id from runde_parties where partie_id = new.id);
        end;
CREATE TRIGGER runde_partie_left after delete on runde_parties
        begin
            update runden set version = version + 1 where id = old.runde_id;
        end;
CREATE TRIGGER runde_partie_moved after update of runde_id on runde_parties
        when old.runde_id is not new.runde_id
        begin
            update runden set version = version + 1 where id in (old.runde_id, new.runde_id);
        end;
CREATE UNIQUE INDEX idx_deals_partie_id_position on deals (partie_id, position);
CREATE UNIQUE INDEX "idx_tournaments_public_id"
    ON "tournaments" ("public_id");
CREATE UNIQUE INDEX "idx_tournament_players_tournament_id_folded"
    ON "tournament_players" ("tournament_id", "folded");
CREATE UNIQUE INDEX "idx_tournament_tables_tournament_id_round_number"
    ON "tournament_tables" ("tournament_id", "round", "number");
CREATE TRIGGER tournament_partie_changed after update of version on parties
        when exists (select 1 from tournament_tables where partie_id = new.id)
        begin
            update tournaments set version = version + 1
            where id = (select tournament_id from tournament_tables where partie_id = new.id);
        end;
CREATE UNIQUE INDEX "idx_cups_public_id"
    ON "cups" ("public_id");
COMMIT;
