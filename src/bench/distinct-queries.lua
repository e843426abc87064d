-- Every request asks a question not asked before (a different sync write rate), so the answer is
-- ranked afresh (on candidates already loaded): the cost of ranking without the answer cache.
math.randomseed(os.time())
request = function()
  local rate = math.random(1, 100000000) / 1000
  return wrk.format("GET", wrk.path .. "&syncWriteMBps=" .. rate)
end
