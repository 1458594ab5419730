-- The grid's own fields of a transport as the JSON values its packed page sends, comma-separated
-- (the inside of the row's array; STORED_GRID_FIELDS in modules/transports/query.ts names them in
-- this order), kept by a trigger on every write: a page of 100,000 rows then copies stored text
-- instead of writing 3,200,000 JSON values.
ALTER TABLE "transport" ADD COLUMN "grid_row" text;--> statement-breakpoint
CREATE FUNCTION transport_grid_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the array's brackets trimmed: its first and last values are numbers or null
  NEW.grid_row := btrim(json_build_array(
    NEW.id, NEW.status, NEW.danger_level,
    left((NEW.create_time at time zone 'UTC' + interval '8 hours')::text, 19),
    coalesce(left((NEW.delivery_time at time zone 'UTC' + interval '8 hours')::text, 19), ''),
    coalesce(left((NEW.sign_time at time zone 'UTC' + interval '8 hours')::text, 19), ''),
    NEW.delivery_carrier, NEW.delivery_plate_number, NEW.delivery_manufactory, NEW.sign_name, NEW.sign_place,
    NEW.sign_settlement, NEW.delivery_goods_name, NEW.delivery_net_weight, NEW.sign_net_weight, NEW.pound_diff,
    NEW.delivery_specific, NEW.delivery_customer, NEW.sign_user, NEW.delivery_number, NEW.sign_number,
    NEW.delivery_bags, NEW.delivery_additional, NEW.delivery_gross_weight, NEW.delivery_tare_weight,
    NEW.sign_first_net_weight, NEW.sign_bags, NEW.sign_gross_weight, NEW.sign_tare_weight, NEW.sign_additional,
    NEW.delivery_pic_id, NEW.sign_pic_id
  )::text, '[]');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER transport_grid_row BEFORE INSERT OR UPDATE ON "transport" FOR EACH ROW EXECUTE FUNCTION transport_grid_row();--> statement-breakpoint
UPDATE "transport" SET "id" = "id";--> statement-breakpoint
ALTER TABLE "transport" ALTER COLUMN "grid_row" SET NOT NULL;
