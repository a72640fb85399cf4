from spatioxolver.cli import main

raise SystemExit(main())
