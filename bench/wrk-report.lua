-- The Lua side of bench/support.ts runLoad() for wrk: with BENCH_PATHS naming a file of paths (one a line), each
-- request asks for one of them at random; without, wrk sends its one fixed request (the fastest way it has).
-- At the end, one line of JSON with what the bench reads.
local paths_file = os.getenv("BENCH_PATHS")
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("thread_number", counter)
end

if paths_file ~= nil and paths_file ~= "" then
  local requests = {}

  function init(args)
    math.randomseed(os.time() * 1000 + thread_number)
    for line in io.lines(paths_file) do
      if line ~= "" then
        requests[#requests + 1] = wrk.format(nil, line)
      end
    end
  end

  function request()
    return requests[math.random(#requests)]
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\n{"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
      '"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
