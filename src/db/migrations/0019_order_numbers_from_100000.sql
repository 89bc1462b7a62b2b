-- Order numbers ("ST" + id) start at ST100000, so a new shop's first order does not read "ST1".
-- An existing shop keeps counting on from its last order if that is already higher.
SELECT setval(pg_get_serial_sequence('orders', 'id'), GREATEST(100000, (SELECT COALESCE(MAX(id), 0) + 1 FROM orders)), false);
