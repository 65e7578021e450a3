// The WHATWG URL class exists in browsers and Node alike; the contract declares just what it uses
// instead of pulling in DOM or Node typings, which would let platform-only code slip in.
declare const URL: new (url: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
};
