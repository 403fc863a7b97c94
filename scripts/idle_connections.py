# Holds N idle TCP connections to 127.0.0.1:PORT for SECS seconds, reopening each one
# closed a second later: `python3 scripts/idle_connections.py PORT N SECS`. The idle load
# of `WEB=serve WEB_PORT=PORT cargo bench --bench club_load` (benches/club_load.rs), from
# a process of its own so that its sockets do not take the bot's file handles.
import asyncio, sys, resource
resource.setrlimit(resource.RLIMIT_NOFILE, (20000, 20000))
port, n, secs = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
opened = failed = 0
async def hold():
    global opened, failed
    while True:
        try:
            r, w = await asyncio.open_connection("127.0.0.1", port)
            opened += 1
            while await r.read(256):
                pass
            w.close()
            await asyncio.sleep(1)
        except OSError:
            failed += 1
            await asyncio.sleep(0.1)
async def main():
    tasks = [asyncio.create_task(hold()) for _ in range(n)]
    await asyncio.sleep(secs)
    print(f"idle holder: {opened} connections opened, {failed} failed")
    import os; os._exit(0)
asyncio.run(main())
