-- The employee list answers each employee's office (docs/decisions/0045-offices-as-a-dimension.md), so
-- an office change must move the company's `answers` version like any other column the list shows
-- (docs/decisions/0018-employee-list-at-scale.md): an employee moved through PUT employees/{id}/office,
-- or to "No office" by the removal of their office (ON DELETE SET NULL), is seen at once by every api
-- process. The trigger function of 0012 with `office_id` added to the shown columns.
CREATE OR REPLACE FUNCTION "employee_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved uuid[];
	changed uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		-- A user whose id an employee's deactivated_by names: the list shows that user's name.
		changed := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by IS NOT NULL AND e.deactivated_by IN (SELECT id FROM new_rows) AND e.role = 'Employee');
	ELSIF TG_OP = 'DELETE' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		changed := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by IS NOT NULL AND e.deactivated_by IN (SELECT id FROM old_rows) AND e.role = 'Employee');
	ELSE
		moved := ARRAY(
			SELECT DISTINCT c FROM (
				SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
				FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
				WHERE (o.role = 'Employee' OR n.role = 'Employee')
					AND (o.id, o.company_id, o.role, o.is_approved, o.is_active, o.last_name, o.first_name)
						IS DISTINCT FROM (n.id, n.company_id, n.role, n.is_approved, n.is_active, n.last_name, n.first_name)
			) x WHERE c IS NOT NULL);
		-- Every other column an answer shows or a search matches (search_text holds name and email).
		changed := ARRAY(
			SELECT DISTINCT c FROM (
				SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
				FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
				WHERE (o.role = 'Employee' OR n.role = 'Employee')
					AND (o.email, o.name, o.phone_number, o.employee_number, o.department, o.driving_license_number,
						o.postal_code, o.is_driver_verified, o.deactivation_reason, o.deactivated_at, o.deactivated_by,
						o.created_at, o.search_text, o.office_id)
						IS DISTINCT FROM (n.email, n.name, n.phone_number, n.employee_number, n.department, n.driving_license_number,
						n.postal_code, n.is_driver_verified, n.deactivation_reason, n.deactivated_at, n.deactivated_by,
						n.created_at, n.search_text, n.office_id)
			) x WHERE c IS NOT NULL
			UNION
			SELECT e.company_id FROM users e
			WHERE e.role = 'Employee' AND e.deactivated_by IS NOT NULL AND e.deactivated_by IN (
				SELECT coalesce(n.id, o.id) FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
				WHERE o.id IS NULL OR n.id IS NULL OR o.name IS DISTINCT FROM n.name));
	END IF;
	IF cardinality(moved) > 0 OR cardinality(changed) > 0 THEN
		PERFORM employee_list_bump(changed, moved);
	END IF;
	RETURN NULL;
END
$$;
