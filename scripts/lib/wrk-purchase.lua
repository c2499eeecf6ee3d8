-- wrk script of scripts/benchmark.sh's HTTP rows: every request a purchase by a customer of its
-- own (one customer has one subscription per group, R-GRP-1: a repeated body would be refused).
-- Environment: WRK_TOKEN (an operator key's bearer token), WRK_RUN (keeps the runs of one
-- database apart), WRK_PRODUCT (a product of the catalog).
local threads = 0

function setup(thread)
   threads = threads + 1
   thread:set("id", threads)
end

local counter = 0
local run = os.getenv("WRK_RUN") or "run"
local product = os.getenv("WRK_PRODUCT") or "news.basic.monthly"
wrk.method = "POST"
wrk.path = "/v1/purchases"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. (os.getenv("WRK_TOKEN") or "")

function request()
   counter = counter + 1
   local body = string.format('{"customerId":"wrk-%s-%d-%d","productId":"%s","storefront":"USA"}', run, id, counter, product)
   return wrk.format(nil, nil, nil, body)
end

-- Answers other than 2xx are counted by wrk ("Non-2xx or 3xx responses"); the benchmark prints them.
