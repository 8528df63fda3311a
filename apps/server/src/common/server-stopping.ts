/** A request that came after the server began to stop (storage may close under it: it is not started). */
export class ServerStopping extends Error {
  constructor() {
    super('the server is stopping');
    this.name = 'ServerStopping';
  }
}
