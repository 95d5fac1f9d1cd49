CREATE TABLE "company_monthly_stats" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"distance_hundredths" bigint DEFAULT 0 NOT NULL,
	"passenger_hundredths" bigint DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_monthly_stats_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "emission_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"valid_from" date NOT NULL,
	"kg_per_mile" numeric(10, 5) NOT NULL,
	"kg_per_km" numeric(10, 5) NOT NULL,
	"unit" text NOT NULL,
	"scope" text NOT NULL,
	"activity" text NOT NULL,
	"source" text NOT NULL,
	"year" integer NOT NULL,
	CONSTRAINT "emission_factors_kind_known" CHECK ("emission_factors"."kind" in ('direct', 'wellToTank')),
	CONSTRAINT "emission_factors_month_start" CHECK (extract(day from "emission_factors"."valid_from") = 1),
	CONSTRAINT "emission_factors_positive" CHECK ("emission_factors"."kg_per_mile" > 0 and "emission_factors"."kg_per_km" > 0)
);
--> statement-breakpoint
CREATE TABLE "employee_monthly_stats" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"employee_id" uuid NOT NULL,
	"trips_as_driver" integer DEFAULT 0 NOT NULL,
	"trips_as_passenger" integer DEFAULT 0 NOT NULL,
	"driver_hundredths" bigint DEFAULT 0 NOT NULL,
	"passenger_hundredths" bigint DEFAULT 0 NOT NULL,
	"total_trips" integer GENERATED ALWAYS AS (trips_as_driver + trips_as_passenger) STORED,
	"total_hundredths" bigint GENERATED ALWAYS AS (driver_hundredths + passenger_hundredths) STORED,
	CONSTRAINT "employee_monthly_stats_company_id_month_employee_id_pk" PRIMARY KEY("company_id","month","employee_id")
);
--> statement-breakpoint
CREATE TABLE "employee_trip_totals" (
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"trips_as_driver" integer DEFAULT 0 NOT NULL,
	"trips_as_passenger" integer DEFAULT 0 NOT NULL,
	"driver_hundredths" bigint DEFAULT 0 NOT NULL,
	"passenger_hundredths" bigint DEFAULT 0 NOT NULL,
	"total_trips" integer GENERATED ALWAYS AS (trips_as_driver + trips_as_passenger) STORED,
	"total_hundredths" bigint GENERATED ALWAYS AS (driver_hundredths + passenger_hundredths) STORED,
	CONSTRAINT "employee_trip_totals_company_id_employee_id_pk" PRIMARY KEY("company_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"feedback_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "journey_group_monthly_stats" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"group_id" uuid NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"distance_hundredths" bigint DEFAULT 0 NOT NULL,
	"passenger_hundredths" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "journey_group_monthly_stats_company_id_month_group_id_pk" PRIMARY KEY("company_id","month","group_id")
);
--> statement-breakpoint
CREATE TABLE "journey_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"meeting_points" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_passengers" (
	"trip_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	CONSTRAINT "trip_passengers_trip_id_passenger_id_pk" PRIMARY KEY("trip_id","passenger_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"driver_id" uuid,
	"client_trip_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"distance_hundredths" integer NOT NULL,
	"passenger_count" smallint NOT NULL,
	"journey_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_distance_range" CHECK ("trips"."distance_hundredths" between 1 and 50000),
	CONSTRAINT "trips_passenger_count_range" CHECK ("trips"."passenger_count" between 1 and 8)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "include_well_to_tank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_monthly_stats" ADD CONSTRAINT "company_monthly_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_monthly_stats" ADD CONSTRAINT "employee_monthly_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_monthly_stats" ADD CONSTRAINT "employee_monthly_stats_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_trip_totals" ADD CONSTRAINT "employee_trip_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_trip_totals" ADD CONSTRAINT "employee_trip_totals_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_group_members" ADD CONSTRAINT "journey_group_members_group_id_journey_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."journey_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_group_members" ADD CONSTRAINT "journey_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_group_monthly_stats" ADD CONSTRAINT "journey_group_monthly_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_group_monthly_stats" ADD CONSTRAINT "journey_group_monthly_stats_group_id_journey_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."journey_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_groups" ADD CONSTRAINT "journey_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_passengers" ADD CONSTRAINT "trip_passengers_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_passengers" ADD CONSTRAINT "trip_passengers_passenger_id_users_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_journey_group_id_journey_groups_id_fk" FOREIGN KEY ("journey_group_id") REFERENCES "public"."journey_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emission_factors_kind_valid_from_unique" ON "emission_factors" USING btree ("kind","valid_from");--> statement-breakpoint
CREATE INDEX "employee_monthly_stats_rank_idx" ON "employee_monthly_stats" USING btree ("company_id","month","total_trips" DESC NULLS LAST,"total_hundredths" DESC NULLS LAST,"employee_id");--> statement-breakpoint
CREATE INDEX "employee_monthly_stats_miles_idx" ON "employee_monthly_stats" USING btree ("company_id","month","total_hundredths");--> statement-breakpoint
CREATE INDEX "employee_monthly_stats_employee_idx" ON "employee_monthly_stats" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_trip_totals_rank_idx" ON "employee_trip_totals" USING btree ("company_id","total_trips" DESC NULLS LAST,"total_hundredths" DESC NULLS LAST,"employee_id");--> statement-breakpoint
CREATE INDEX "employee_trip_totals_employee_idx" ON "employee_trip_totals" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "feedbacks_company_created_idx" ON "feedbacks" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journey_group_members_user_idx" ON "journey_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "journey_group_monthly_stats_group_idx" ON "journey_group_monthly_stats" USING btree ("group_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_groups_company_name_unique" ON "journey_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "trip_passengers_passenger_idx" ON "trip_passengers" USING btree ("passenger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_driver_client_trip_unique" ON "trips" USING btree ("driver_id","client_trip_id");--> statement-breakpoint
CREATE INDEX "trips_company_started_idx" ON "trips" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "trips_journey_group_idx" ON "trips" USING btree ("journey_group_id");;--> statement-breakpoint
-- UK Government GHG Conversion Factors for Company Reporting 2025, "Cars (by size), Average car, Unknown fuel".
-- The well-to-tank mile figure is the published km figure x 1.609344 km per mile.
INSERT INTO "emission_factors" ("kind", "valid_from", "kg_per_mile", "kg_per_km", "unit", "scope", "activity", "source", "year") VALUES
	('direct', '2025-01-01', 0.26915, 0.16725, 'kg CO2e per vehicle mile', 'Scope 3, category 7 (employee commuting): direct emissions of the car', 'Cars (by size), Average car, Unknown fuel', 'UK Government GHG Conversion Factors for Company Reporting 2025 (DESNZ)', 2025),
	('wellToTank', '2025-01-01', 0.07080, 0.04399, 'kg CO2e per vehicle mile', 'Scope 3, category 7 (employee commuting): well-to-tank emissions of the fuel', 'WTT- cars (by size), Average car, Unknown fuel', 'UK Government GHG Conversion Factors for Company Reporting 2025 (DESNZ)', 2025);
