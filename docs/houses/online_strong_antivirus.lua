-- Online with a strong Antivirus: it lifts a Password Error as well as a
-- Virus (the Password ok still does too). What may be laid on what is the
-- table rules.lays_on: card -> the top cards it goes on.
--   cardlab play online --house docs/houses/online_strong_antivirus.lua
rules.lays_on["Antivirus"] = { "Virus", "Password Error" }
