-- Cryptocurrency without the bank: nobody takes a loan, so no one is asked
-- and no interest is paid. The loan rules read the limit `max_loans` (2 in the
-- book) from the game's data, which a house file may change key by key.
--   cardlab play cryptocurrency --house docs/houses/cryptocurrency_no_loans.lua
rules.data.max_loans = 0
