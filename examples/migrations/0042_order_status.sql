-- Sample migration for trying the sql-migration-review skill.
-- It has several problems a careful review should catch.

ALTER TABLE orders ADD COLUMN status varchar(20) NOT NULL DEFAULT 'pending';

UPDATE orders SET status = 'shipped' WHERE shipped_at IS NOT NULL;

ALTER TABLE orders
  ADD CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES customers (id);

CREATE INDEX orders_status_idx ON orders (status);

ALTER TABLE orders DROP COLUMN legacy_state;
