-- Each tagged contact's tag names as one text ("a; b", sorted), for the contact export. Looking the
-- names up per row (contact_tag, then tag, then a sort and string_agg) cost more database CPU than
-- the rest of the row, and ran in the leader, above the parallel scan: about half the CPU of
-- exporting a million contacts (bench/README.md). With this table the export reads a column.
--
-- A table apart, not a column of contact: tagging 100 000 contacts then writes 100 000 narrow
-- rows, not new versions of wide contact rows with their trigram indexes. Only tagged contacts
-- have a row.
create table contact_tag_names (
  tenant_id text not null,
  contact_id bigint not null,
  names text not null,
  primary key (tenant_id, contact_id)
);

-- Recomputes the names of the given contacts of one tenant from contact_tag and tag. The caller
-- holds the tenant's tag-names lock (below), taken before this statement's snapshot: so what it
-- reads includes every change that committed before, and none can commit in between.
create function contact_tag_names_refresh(p_tenant_id text, p_contact_ids bigint[]) returns void
language plpgsql as $$
begin
  delete from contact_tag_names n
   where n.tenant_id = p_tenant_id and n.contact_id = any(p_contact_ids)
     and not exists (select from contact_tag ct where ct.tenant_id = n.tenant_id and ct.contact_id = n.contact_id);
  insert into contact_tag_names as n (tenant_id, contact_id, names)
  select ct.tenant_id, ct.contact_id, string_agg(t.name, '; ' order by t.name, t.id)
    from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
   where ct.tenant_id = p_tenant_id and ct.contact_id = any(p_contact_ids)
   group by ct.tenant_id, ct.contact_id
   order by ct.contact_id
  on conflict (tenant_id, contact_id) do update set names = excluded.names
   where n.names is distinct from excluded.names;
end $$;

-- Writers of one tenant's contact tags take turns (a transaction-scoped advisory lock, namespace
-- 727275, keyed by the tenant): two statements tagging the same contact at once would otherwise
-- each recompute its names without the other's tag and the last to commit would drop it, and a
-- rename committing meanwhile would leave the old name behind.
create function contact_tag_names_lock(p_tenant_id text) returns void language sql as $$
  select pg_advisory_xact_lock(727275, hashtext(p_tenant_id));
$$;

create function contact_tag_names_changed() returns trigger language plpgsql as $$
declare
  tenant record;
begin
  for tenant in select tenant_id, array_agg(distinct contact_id) as contact_ids from changed group by tenant_id
  loop
    perform contact_tag_names_lock(tenant.tenant_id);
    perform contact_tag_names_refresh(tenant.tenant_id, tenant.contact_ids);
  end loop;
  return null;
end $$;

create trigger contact_tag_names_added after insert on contact_tag referencing new table as changed
  for each statement execute function contact_tag_names_changed();
-- Deleting a tag cascades to contact_tag, so this also drops a deleted tag's name.
create trigger contact_tag_names_removed after delete on contact_tag referencing old table as changed
  for each statement execute function contact_tag_names_changed();

-- A renamed contact tag: every contact carrying it gets its names again.
create function contact_tag_names_renamed() returns trigger language plpgsql as $$
declare
  tenant record;
begin
  for tenant in
    select n.tenant_id, array_agg(n.id) as tag_ids
      from after_rows n join before_rows o on o.tenant_id = n.tenant_id and o.id = n.id
     where n.kind = 'contact' and n.name is distinct from o.name
     group by n.tenant_id
  loop
    perform contact_tag_names_lock(tenant.tenant_id);
    perform contact_tag_names_refresh(
      tenant.tenant_id,
      array(select distinct ct.contact_id from contact_tag ct
             where ct.tenant_id = tenant.tenant_id and ct.tag_id = any(tenant.tag_ids)));
  end loop;
  return null;
end $$;

-- (A trigger with transition tables cannot name its columns: it fires on any update of tag and
-- picks out the renames.)
create trigger contact_tag_names_renamed after update on tag
  referencing old table as before_rows new table as after_rows
  for each statement execute function contact_tag_names_renamed();

insert into contact_tag_names (tenant_id, contact_id, names)
select ct.tenant_id, ct.contact_id, string_agg(t.name, '; ' order by t.name, t.id)
  from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
 group by ct.tenant_id, ct.contact_id;
