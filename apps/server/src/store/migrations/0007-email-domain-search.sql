-- An email is indexed whole, by its words, and now also by its domain, which the english parser
-- reads as one host token: a search for `example.com` finds every address at that domain.
-- Vectors computed before keep working; they gain the domain when their record next changes.

CREATE OR REPLACE FUNCTION search_text_of_email(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT email || ' ' || split_part(email, '@', 2) || ' ' || regexp_replace(email, '[@._+-]+', ' ', 'g') $$;
